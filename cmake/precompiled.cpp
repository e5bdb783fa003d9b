// The translation unit that owns the precompiled header of tare's own code (see
// cmake/own_code.cmake, tare_precompiled); the header is all it compiles.

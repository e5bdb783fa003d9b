// The translation unit that owns the test programs' shared precompiled header (see
// tests/CMakeLists.txt, tare_test_program); the header is all it compiles.

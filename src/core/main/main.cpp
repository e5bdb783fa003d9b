// The `main` supplied by tare::main.
#include "tare/tare.hpp"

int main(int argc, char** argv) { return tare::run(argc, argv); }

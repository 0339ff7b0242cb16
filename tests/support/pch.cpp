// The translation unit that builds the test executables' precompiled header
// (tests/CMakeLists.txt, kb_test_pch); it has no code of its own.

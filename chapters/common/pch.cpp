// The translation unit that builds the chapter programs' precompiled header
// (chapters/CMakeLists.txt, kb_program_pch); it has no code of its own.

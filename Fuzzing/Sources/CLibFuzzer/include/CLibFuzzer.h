#ifndef HEALTHSIG_CLIBFUZZER_H
#define HEALTHSIG_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have a main of their own (LLVM 13 and later). SwiftPM
// links every executable with its module's main renamed, so the targets keep their own
// `@main` and hand libFuzzer the arguments and the function under test.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif

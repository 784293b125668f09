// valid: no torch header (this comment naming at::Tensor makes the file parsed), so POSIX's AT_*
// constants and the project's own TORCH_* macro are not PyTorch's: nothing is converted or reported.
#include <fcntl.h>

#define TORCH_LIGHT_LEVEL 3

int open_here(const char* path) { return openat(AT_FDCWD, path, O_RDONLY) + TORCH_LIGHT_LEVEL; }

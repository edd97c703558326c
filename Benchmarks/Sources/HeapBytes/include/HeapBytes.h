#include <stddef.h>

/// The bytes that malloc has handed out and not taken back, from glibc's
/// mallinfo2: small blocks plus mmapped ones. 0 where mallinfo2 is missing.
size_t heap_bytes_in_use(void);

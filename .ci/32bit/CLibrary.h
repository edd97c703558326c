// The few C library functions that the library's files call, declared for the
// Embedded Swift build of .ci/check-32bit, which has no Glibc module for its
// bare-metal targets (i686-unknown-none-elf, armv7-none-none-eabi). The i686
// program is linked with the host's 32-bit C library (gcc -m32), which
// defines them.
typedef __SIZE_TYPE__ size_t;
void *malloc(size_t size);
void *realloc(void *pointer, size_t size);
void free(void *pointer);
int memcmp(const void *a, const void *b, size_t count);
void *memmove(void *destination, const void *source, size_t count);
int putchar(int character);

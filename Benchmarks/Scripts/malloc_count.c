// Counts the process's heap allocations, for `partyload` (docs/PERFORMANCE.md, "allocations per
// move"). Build and preload it (from Benchmarks/; Scripts/alternate.sh builds it by itself):
//     gcc -O2 -shared -fPIC -o .build/malloc_count.so Scripts/malloc_count.c -ldl
//     LD_PRELOAD=$PWD/.build/malloc_count.so ../Scripts/offline .build/release/partyload latency ...
// `partyload` finds `partyload_malloc_count` with dlsym and reports allocations per move over its
// measuring window; without the preload it reports nothing. Every call still goes to glibc.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdatomic.h>

static _Atomic unsigned long long count;

unsigned long long partyload_malloc_count(void) { return atomic_load_explicit(&count, memory_order_relaxed); }

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; /* ENOMEM */
    *out = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

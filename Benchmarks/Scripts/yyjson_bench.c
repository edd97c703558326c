// Times yyjson 0.10 on the shared corpora the way the Swift benchmarks time
// JSONValueKit: the minimum of many runs, over several interleaved rounds.
// Built and run by Scripts/yyjson_times.py, which fetches yyjson's source;
// none of yyjson is kept in this repository.
//
// For each file, in microseconds:
//   read       yyjson_read, then yyjson_doc_free: an immutable tree in one arena
//   read+copy  yyjson_read, yyjson_doc_mut_copy and freeing both: an editable
//              tree, as JSONValue(parsing:) makes
//   write      yyjson_write of the immutable tree (compact), then free
//
// Usage: yyjson_bench <corpus folder> <name>...

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yyjson.h"

enum { ROUNDS = 5, RUNS_PER_ROUND = 40, KINDS = 3 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size + 1);
    if (bytes && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

// Keeps the compiler from dropping work whose result is unused.
static volatile size_t sink;

static double time_read(const char *bytes, size_t length) {
    double start = now_us();
    yyjson_doc *doc = yyjson_read(bytes, length, 0);
    sink += yyjson_doc_get_val_count(doc);
    yyjson_doc_free(doc);
    return now_us() - start;
}

static double time_read_copy(const char *bytes, size_t length) {
    double start = now_us();
    yyjson_doc *doc = yyjson_read(bytes, length, 0);
    yyjson_mut_doc *copy = yyjson_doc_mut_copy(doc, NULL);
    sink += (size_t)yyjson_mut_doc_get_root(copy);
    yyjson_mut_doc_free(copy);
    yyjson_doc_free(doc);
    return now_us() - start;
}

static double time_write(yyjson_doc *doc) {
    double start = now_us();
    size_t length = 0;
    char *text = yyjson_write(doc, 0, &length);
    sink += length;
    free(text);
    return now_us() - start;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s <corpus folder> <name>...\n", argv[0]);
        return 2;
    }
    int files = argc - 2;
    char **bytes = calloc((size_t)files, sizeof *bytes);
    size_t *lengths = calloc((size_t)files, sizeof *lengths);
    yyjson_doc **docs = calloc((size_t)files, sizeof *docs);
    double *best = malloc(sizeof(double) * (size_t)files * KINDS);
    for (int file = 0; file < files; file++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.json", argv[1], argv[file + 2]);
        bytes[file] = read_file(path, &lengths[file]);
        if (!bytes[file]) {
            fprintf(stderr, "cannot read %s\n", path);
            return 1;
        }
        yyjson_read_err error;
        docs[file] = yyjson_read_opts(bytes[file], lengths[file], 0, NULL, &error);
        if (!docs[file]) {
            fprintf(stderr, "%s: %s at byte %zu\n", path, error.msg, error.pos);
            return 1;
        }
        for (int kind = 0; kind < KINDS; kind++) best[file * KINDS + kind] = 1e300;
    }
    for (int round = 0; round < ROUNDS; round++) {
        for (int file = 0; file < files; file++) {
            for (int kind = 0; kind < KINDS; kind++) {
                double *slot = &best[file * KINDS + kind];
                for (int run = 0; run < RUNS_PER_ROUND; run++) {
                    double time = kind == 0   ? time_read(bytes[file], lengths[file])
                                  : kind == 1 ? time_read_copy(bytes[file], lengths[file])
                                              : time_write(docs[file]);
                    if (time < *slot) *slot = time;
                }
            }
        }
    }
    printf("yyjson %s\n", YYJSON_VERSION_STRING);
    for (int file = 0; file < files; file++) {
        printf("%s read %.1f read+copy %.1f write %.1f\n", argv[file + 2], best[file * KINDS],
               best[file * KINDS + 1], best[file * KINDS + 2]);
    }
    return 0;
}

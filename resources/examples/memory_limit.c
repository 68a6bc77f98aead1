// A memory limit: a program that keeps taking memory is stopped before it slows your computer.
//
// Each turn of the loop keeps 10 MB more (memset touches it, so it is really used). At the
// memory limit (256 MB unless you change it in Settings) Sandpit stops the program, and the
// Run pane says it used too much memory.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const size_t chunk = 10 * 1024 * 1024;
    for (int count = 1;; ++count) {
        char *block = malloc(chunk);
        if (!block) {
            printf("malloc refused more memory after %d MB\n", (count - 1) * 10);
            return 1;
        }
        memset(block, 1, chunk);
        printf("%d MB so far\n", count * 10);
        fflush(stdout);
    }
}

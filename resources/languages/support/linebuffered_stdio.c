/* Linked into every C and C++ program Sandpit compiles (see the README, "Interactive input").
 *
 * A program's stdout is a pipe to Sandpit, not a terminal, so the C library buffers it fully:
 * printf("Name: ") followed by scanf() would wait for input before the prompt ever showed.
 * This gives the program what a terminal gives it. stdout becomes line-buffered, and stdin
 * too: glibc flushes a line-buffered stdout whenever it must read more from a line-buffered
 * (or unbuffered) stdin, which is what makes a prompt without a newline appear in a terminal.
 * It runs before main() and is valid C and C++. */
#include <stdio.h>

__attribute__((constructor)) static void sandpit_line_buffered_stdio(void)
{
    setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
    setvbuf(stdin, NULL, _IOLBF, BUFSIZ);
}

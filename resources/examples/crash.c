// A crash: a function that never stops calling itself runs out of room and is ended by a signal.
//
// Each call of count_down needs a little memory on the stack, and it forgot its stopping rule
// (if (n == 0) return 0;), so the calls pile up until the stack is full. The operating system
// then ends the program with SIGSEGV (a "segmentation fault"), and the Run pane says it crashed
// and which signal ended it. Nothing else on your computer is affected.
#include <stdio.h>

static int count_down(int n)
{
    volatile char scratch[1024]; // the room one call takes; volatile keeps the compiler from removing it
    scratch[0] = (char)n;
    return count_down(n - 1) + scratch[0];
}

int main(void)
{
    printf("Counting down from 10...\n");
    fflush(stdout);
    printf("%d\n", count_down(10));
    return 0;
}

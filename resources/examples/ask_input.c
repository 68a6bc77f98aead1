// Ask for input: the program waits, and you answer in the line under the output.
//
// Run it (F5). When the prompt appears, type your answer in the input line at the bottom of
// the Output pane and press Enter.
#include <stdio.h>

int main(void)
{
    char name[100];
    int age;
    printf("What is your name? ");
    if (scanf("%99s", name) != 1)
        return 1;
    printf("How old are you? ");
    if (scanf("%d", &age) != 1)
        return 1;
    printf("Hello, %s! Next year you will be %d.\n", name, age + 1);
    return 0;
}

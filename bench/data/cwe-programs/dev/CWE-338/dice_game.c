/*
 * dice_game.c - "pig" dice game against the computer.
 *
 * Roll a die repeatedly to accumulate points for the turn; rolling a 1
 * loses the turn's points. First player to 100 wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TARGET 100
#define CPU_HOLD_AT 20

static int roll(void)
{
    return rand() % 6 + 1;
}

static int ask_roll_again(void)
{
    char buf[16];
    printf("  roll again? [y/n] ");
    fflush(stdout);
    if (!fgets(buf, sizeof buf, stdin))
        return 0;
    return buf[0] == 'y' || buf[0] == 'Y';
}

static int play_turn(const char *who, int is_human, int score)
{
    int turn = 0;

    printf("%s's turn (score %d)\n", who, score);
    for (;;) {
        int r = roll();
        printf("  rolled %d\n", r);
        if (r == 1) {
            printf("  bust!\n");
            return 0;
        }
        turn += r;
        if (score + turn >= TARGET)
            return turn;
        if (is_human ? !ask_roll_again() : turn >= CPU_HOLD_AT)
            return turn;
    }
}

int main(void)
{
    int human = 0, cpu = 0;

    srand((unsigned)time(NULL));
    while (human < TARGET && cpu < TARGET) {
        human += play_turn("You", 1, human);
        if (human >= TARGET)
            break;
        cpu += play_turn("Computer", 0, cpu);
        printf("score: you %d, computer %d\n\n", human, cpu);
    }
    puts(human >= TARGET ? "You win!" : "The computer wins.");
    return 0;
}

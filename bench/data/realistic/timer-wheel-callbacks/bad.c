/* timers.c - one-shot timers with callbacks; a callback may free its own timer */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct timer timer_t_;
typedef void (*timer_cb)(timer_t_ *t);

struct timer {
    timer_t_ *next;
    time_t due;
    timer_cb cb;
    void *arg;
};

static timer_t_ *pending;

timer_t_ *timer_add(time_t due, timer_cb cb, void *arg)
{
    timer_t_ *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->due = due;
    t->cb = cb;
    t->arg = arg;
    t->next = pending;
    pending = t;
    return t;
}

/* Unlinks every timer that is due and runs its callback; callbacks own the timer. */
void timer_run(time_t now)
{
    timer_t_ **pp = &pending;
    while (*pp != NULL) {
        timer_t_ *t = *pp;
        if (t->due > now) {
            pp = &t->next;
            continue;
        }
        t->cb(t);
        *pp = t->next; /* FLAW: CWE-416 */
    }
}

static void say_and_free(timer_t_ *t)
{
    printf("timer: %s\n", (const char *)t->arg);
    free(t);
}

static void report(timer_t_ *t)
{
    timer_t_ *next = t->next;
    time_t due = t->due;
    printf("timer at %ld, next %p\n", (long)t->due, (void *)next);
    free(t);
    printf("freed timer was due at %ld\n", (long)due);
}

int main(void)
{
    time_t now = time(NULL);
    timer_add(now - 1, say_and_free, "first");
    timer_add(now - 2, report, NULL);
    timer_add(now + 100, say_and_free, "later");
    timer_run(now);
    timer_run(now + 200);
    return 0;
}

/*
 * seat_booking.c - simulates concurrent ticket sales for one show.
 *
 * Several box-office threads read booking requests ("<seat> <customer>")
 * from their own request file and try to reserve the seat.
 * usage: seat_booking REQUESTS...
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#define SEATS 200
#define MAX_OFFICES 6

static int seat_owner[SEATS];     /* 0 = free, otherwise customer id */
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static int reserve(int seat, int customer)
{
    if (seat_owner[seat] != 0) /* FLAW: CWE-362 */
        return -1;
    seat_owner[seat] = customer; /* FLAW: CWE-362 */
    return 0;
}

static void *box_office(void *arg)
{
    const char *file = arg;
    int seat, customer, ok = 0, rejected = 0;
    FILE *f = fopen(file, "r");

    if (!f)
        return NULL;
    while (fscanf(f, "%d %d", &seat, &customer) == 2) {
        if (seat < 0 || seat >= SEATS || customer <= 0) {
            rejected++;
            continue;
        }
        if (reserve(seat, customer) == 0)
            ok++;
        else
            rejected++;
    }
    fclose(f);

    pthread_mutex_lock(&report_lock);
    printf("%s: %d booked, %d rejected\n", file, ok, rejected);
    pthread_mutex_unlock(&report_lock);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t th[MAX_OFFICES];
    int n = argc - 1, sold = 0;

    if (n < 1 || n > MAX_OFFICES) {
        fprintf(stderr, "usage: %s REQUESTS... (1-%d files)\n", argv[0], MAX_OFFICES);
        return 2;
    }
    for (int i = 0; i < n; i++)
        if (pthread_create(&th[i], NULL, box_office, argv[i + 1]) != 0)
            return 1;
    for (int i = 0; i < n; i++)
        pthread_join(th[i], NULL);

    for (int s = 0; s < SEATS; s++)
        sold += seat_owner[s] != 0;
    printf("%d of %d seats sold\n", sold, SEATS);
    return 0;
}

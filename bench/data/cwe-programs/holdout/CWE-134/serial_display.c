/*
 * serial_display.c - drives a 2x20 character LCD on a serial port.
 *
 * usage: serial_display DEVICE MESSAGEFILE
 * The message file holds up to two lines; each line is written to one
 * row of the display, preceded by the controller's cursor command.
 */
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <termios.h>

#define LCD_COLS 20
#define LCD_ROWS 2
#define CMD_CLEAR "\xfe\x01"

static int open_port(const char *dev)
{
    struct termios tio;
    int fd = open(dev, O_WRONLY | O_NOCTTY);

    if (fd < 0)
        return -1;
    if (tcgetattr(fd, &tio) == 0) {
        cfmakeraw(&tio);
        cfsetospeed(&tio, B9600);
        tcsetattr(fd, TCSANOW, &tio);
    }
    return fd;
}

static void show_row(int fd, int row, const char *text)
{
    char padded[LCD_COLS + 1];

    /* Cursor to start of row: 0x80 for row 0, 0xC0 for row 1. */
    dprintf(fd, "\xfe%c", row == 0 ? 0x80 : 0xC0);
    snprintf(padded, sizeof padded, "%-20.20s", text);
    dprintf(fd, padded); /* FLAW: CWE-134 */
}

int main(int argc, char **argv)
{
    char line[128];
    int fd, row = 0;
    FILE *msg;

    if (argc != 3) {
        fprintf(stderr, "usage: %s DEVICE MESSAGEFILE\n", argv[0]);
        return 2;
    }
    if ((fd = open_port(argv[1])) < 0) {
        perror(argv[1]);
        return 1;
    }
    if ((msg = fopen(argv[2], "r")) == NULL) {
        perror(argv[2]);
        close(fd);
        return 1;
    }
    if (write(fd, CMD_CLEAR, 2) != 2)
        perror("write");
    while (row < LCD_ROWS && fgets(line, sizeof line, msg)) {
        line[strcspn(line, "\n")] = '\0';
        show_row(fd, row++, line);
    }
    fclose(msg);
    close(fd);
    return 0;
}

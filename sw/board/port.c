/*
 * port.c - the serial port of port.h (fpga/README.md "The protocol": 8 data bits, no
 * parity, one stop bit). Every wait is a poll() with the timeout, so a board that stops
 * answering ends the run with a message instead of hanging it.
 */
/* cfmakeraw and cfsetspeed are BSD extensions that glibc shows under _DEFAULT_SOURCE, beyond
 * the build's POSIX level (-D_POSIX_C_SOURCE); the rest of this file is POSIX. */
#define _DEFAULT_SOURCE 1

#include "port.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "xlat/types.h"

/* The termios constant of a rate, 0 when the system has none. */
static speed_t baud_constant(uint32_t baud)
{
    static const struct {
        uint32_t rate;
        speed_t code;
    } tab[] = {
        {50, B50}, {75, B75}, {110, B110}, {134, B134}, {150, B150}, {200, B200},
        {300, B300}, {600, B600}, {1200, B1200}, {1800, B1800}, {2400, B2400},
        {4800, B4800}, {9600, B9600}, {19200, B19200}, {38400, B38400},
#ifdef B57600
        {57600, B57600},
#endif
#ifdef B115200
        {115200, B115200},
#endif
#ifdef B230400
        {230400, B230400},
#endif
#ifdef B460800
        {460800, B460800},
#endif
#ifdef B500000
        {500000, B500000},
#endif
#ifdef B576000
        {576000, B576000},
#endif
#ifdef B921600
        {921600, B921600},
#endif
#ifdef B1000000
        {1000000, B1000000},
#endif
#ifdef B1152000
        {1152000, B1152000},
#endif
#ifdef B1500000
        {1500000, B1500000},
#endif
#ifdef B2000000
        {2000000, B2000000},
#endif
#ifdef B2500000
        {2500000, B2500000},
#endif
#ifdef B3000000
        {3000000, B3000000},
#endif
#ifdef B3500000
        {3500000, B3500000},
#endif
#ifdef B4000000
        {4000000, B4000000},
#endif
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].rate == baud)
            return tab[i].code;
    return 0;
}

int xb_port_baud_standard(uint32_t baud)
{
    return baud_constant(baud) != 0;
}

/* A pseudo-terminal's slave: the names the kernel gives them (Unix 98 and BSD style). The
 * test is on the device the descriptor is, so a symbolic link to one (socat's link=) counts. */
static int is_pty(int fd)
{
    char name[256];
    if (ttyname_r(fd, name, sizeof name) != 0)
        return 0;
    return strncmp(name, "/dev/pts/", 9) == 0 || strncmp(name, "/dev/ttyp", 9) == 0;
}

int xb_port_open(xb_port_t *p, const char *path, uint32_t baud, unsigned timeout_ms,
                 char *err, size_t errlen)
{
    struct termios t, orig;
    speed_t sp = baud_constant(baud);
    memset(p, 0, offsetof(xb_port_t, buf));
    p->fd = -1;
    p->timeout_ms = timeout_ms;
    /* O_NONBLOCK only for the open itself: a serial line without carrier would block it
     * until CLOCAL is set below */
    int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open port %s: %s", path, strerror(errno));
        return XL_EINPUT;
    }
    if (tcgetattr(fd, &t) != 0) {
        snprintf(err, errlen, "port %s is not a serial device or pty: %s", path,
                 strerror(errno));
        close(fd);
        return XL_EINPUT;
    }
    orig = t;
    p->is_pty = is_pty(fd);
    if (sp == 0 && !p->is_pty) {
        snprintf(err, errlen, "--baud %u: not a rate this system's termios has a constant "
                 "for, and %s is not a pty", (unsigned)baud, path);
        close(fd);
        return XL_EINPUT;
    }
    cfmakeraw(&t);
    t.c_cflag &= ~(tcflag_t)(CSIZE | PARENB | CSTOPB);
    t.c_cflag |= CS8 | CLOCAL | CREAD;
#ifdef CRTSCTS
    t.c_cflag &= ~(tcflag_t)CRTSCTS;
#endif
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
    /* A blocking read returns what has come, or nothing after VTIME tenths of a second;
     * every read is also behind a poll() with the run's timeout, so VTIME is a backstop. */
    unsigned ds = timeout_ms / 100u;
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = (cc_t)(ds < 1u ? 1u : ds > 255u ? 255u : ds);
    int speed_failed = sp != 0 && cfsetspeed(&t, sp) != 0;
    if (speed_failed && !p->is_pty) {
        snprintf(err, errlen, "port %s does not take --baud %u: %s", path, (unsigned)baud,
                 strerror(errno));
        close(fd);
        return XL_EINPUT;
    }
    if (tcsetattr(fd, TCSANOW, &t) != 0) {
        /* a pty may refuse a rate it has no use for: set the rest at its own rate */
        int e = errno;
        if (!p->is_pty || cfsetispeed(&t, cfgetispeed(&orig)) != 0 ||
            cfsetospeed(&t, cfgetospeed(&orig)) != 0 || tcsetattr(fd, TCSANOW, &t) != 0) {
            snprintf(err, errlen, "cannot configure port %s: %s", path, strerror(e));
            close(fd);
            return XL_EINPUT;
        }
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        snprintf(err, errlen, "cannot configure port %s: %s", path, strerror(errno));
        close(fd);
        return XL_EINPUT;
    }
    /* bytes from before this run (an earlier session's tail) are not this run's */
    tcflush(fd, TCIOFLUSH);
    p->fd = fd;
    return XL_OK;
}

void xb_port_close(xb_port_t *p)
{
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
}

/* Wait up to ms for the port to be readable (events POLLIN) or writable (POLLOUT): 1 ready,
 * 0 timed out, -1 failed or closed (message in err). */
static int wait_port(xb_port_t *p, short events, int ms, char *err, size_t errlen)
{
    struct pollfd pf = {p->fd, events, 0};
    for (;;) {
        int r = poll(&pf, 1, ms);
        if (r < 0 && errno == EINTR)
            continue;   /* keeps the full wait: a signal is rare and the bound still holds */
        if (r < 0) {
            snprintf(err, errlen, "port: poll: %s", strerror(errno));
            return -1;
        }
        if (r == 0)
            return 0;
        if (pf.revents & events)
            return 1;
        /* POLLHUP without data: the other side of a pty is gone (the simulation ended) */
        snprintf(err, errlen, "the board's port was closed (the other end hung up)");
        return -1;
    }
}

int xb_port_write(xb_port_t *p, const void *b, size_t n, char *err, size_t errlen)
{
    const uint8_t *s = b;
    while (n > 0) {
        int w = wait_port(p, POLLOUT, (int)p->timeout_ms, err, errlen);
        if (w == 0)
            snprintf(err, errlen, "the board took no byte within %u ms", p->timeout_ms);
        if (w <= 0)
            return XL_EINTERNAL;
        ssize_t k = write(p->fd, s, n);
        if (k < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (k < 0) {
            snprintf(err, errlen, "port: write: %s", strerror(errno));
            return XL_EINTERNAL;
        }
        s += k;
        n -= (size_t)k;
        p->sent += (uint64_t)k;
    }
    return XL_OK;
}

/* Get more bytes into buf (it is empty), waiting up to ms: 1 got some, 0 timed out,
 * -1 failed or closed. */
static int fill(xb_port_t *p, int ms, char *err, size_t errlen)
{
    int w = wait_port(p, POLLIN, ms, err, errlen);
    if (w <= 0)
        return w;
    p->head = 0;
    ssize_t k = read(p->fd, p->buf, sizeof p->buf);
    if (k < 0 && (errno == EINTR || errno == EAGAIN))
        return 1;   /* nothing yet: the caller waits again */
    if (k < 0) {
        /* EIO is how Linux reports a pty whose other end has closed */
        snprintf(err, errlen, errno == EIO ? "the board's port was closed (%s)" : "port: read: %s",
                 strerror(errno));
        return -1;
    }
    p->len = (size_t)k;
    p->received += (uint64_t)k;
    return 1;
}

int xb_port_read(xb_port_t *p, void *b, size_t n, const char *what, char *err, size_t errlen)
{
    uint8_t *d = b;
    while (n > 0) {
        if (p->len == 0) {
            int r = fill(p, (int)p->timeout_ms, err, errlen);
            if (r == 0)
                snprintf(err, errlen, "no answer from the board within %u ms (waiting for %s)",
                         p->timeout_ms, what);
            if (r <= 0)
                return XL_EINTERNAL;
            continue;
        }
        size_t k = n < p->len ? n : p->len;
        memcpy(d, p->buf + p->head, k);
        d += k;
        n -= k;
        p->head += k;
        p->len -= k;
    }
    return XL_OK;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int xb_port_drain(xb_port_t *p, unsigned quiet_ms, char *err, size_t errlen)
{
    uint64_t end = now_ms() + p->timeout_ms;
    p->len = 0;
    for (;;) {
        int r = fill(p, (int)quiet_ms, err, errlen);
        if (r < 0)
            return XL_EINTERNAL;
        if (r == 0)
            return XL_OK;
        p->len = 0;
        if (now_ms() > end) {
            snprintf(err, errlen, "the board did not fall silent within %u ms of the resync",
                     p->timeout_ms);
            return XL_EINTERNAL;
        }
    }
}

/*
 * port.h - the serial port xlat-board talks to the board through (a USB-serial device or
 * the slave side of a pseudo-terminal behind which a simulation of the board runs):
 * raw 8N1 without flow control (fpga/README.md "The protocol"), reads and writes through
 * POSIX read/write/poll only, each wait bounded by a timeout, bytes counted each way.
 */
#ifndef XB_PORT_H
#define XB_PORT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;
    int is_pty;               /* a pseudo-terminal: the baud rate means nothing there */
    unsigned timeout_ms;      /* longest wait for the board to take or give a byte */
    uint64_t sent, received;  /* bytes each way, whatever they were */
    size_t head, len;         /* unread bytes: buf[head .. head + len) */
    uint8_t buf[4096];
} xb_port_t;

/* Is baud a rate this system has a termios B constant for? */
int xb_port_baud_standard(uint32_t baud);

/* Open and configure path. XL_EINPUT with one line in err when it cannot be opened, is
 * not a terminal, or (not a pty) does not take the rate. */
int xb_port_open(xb_port_t *p, const char *path, uint32_t baud, unsigned timeout_ms,
                 char *err, size_t errlen);
void xb_port_close(xb_port_t *p);

/* Write all n bytes. XL_EINTERNAL with one line in err when the port fails or takes
 * nothing for timeout_ms. */
int xb_port_write(xb_port_t *p, const void *b, size_t n, char *err, size_t errlen);

/* Read exactly n bytes. XL_EINTERNAL with one line in err ("no answer from the board
 * within N ms (waiting for WHAT)") when no byte comes for timeout_ms, or when the port
 * fails or closes. */
int xb_port_read(xb_port_t *p, void *b, size_t n, const char *what, char *err, size_t errlen);

/* Read and drop whatever the board sends until it has been silent for quiet_ms.
 * XL_EINTERNAL when it still sends after timeout_ms, or the port fails. */
int xb_port_drain(xb_port_t *p, unsigned quiet_ms, char *err, size_t errlen);

#endif

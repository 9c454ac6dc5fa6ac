#!/usr/bin/env python3
"""The shaped link of `npm run bench:field`: netem in user space, for kernels built without sch_netem.

Opens a TUN device in each of two network namespaces (argv: server-ns server-dev client-ns client-dev) and carries IP
packets between them, each direction shaped as `tc qdisc add dev X root netem rate R delay D loss L limit N` would:
a packet is dropped with probability L on arrival, or when N packets are already queued; otherwise it leaves the rate
queue after its serialization time (IP length + 14 bytes of Ethernet header, as netem counts on a veth, at R bit/s),
then arrives D ms later. Commands on stdin, one a line: `cut` (the link is down: everything queued and arriving is
lost), `restore`, `stats` (prints one JSON line). Prints `ready` once both devices exist. Stops at stdin's end.
"""
import ctypes
import fcntl
import heapq
import json
import os
import random
import select
import struct
import sys
import time

CLONE_NEWNET = 0x40000000
TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
ETHERNET_HEADER = 14

libc = ctypes.CDLL(None, use_errno=True)


def open_tun(netns: str, name: str) -> int:
    """A TUN device `name` created inside the namespace `netns` (the fd keeps it; it goes away when we exit)."""
    here = os.open('/proc/self/ns/net', os.O_RDONLY)
    there = os.open(f'/var/run/netns/{netns}', os.O_RDONLY)
    try:
        if libc.setns(there, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), f'setns {netns}')
        fd = os.open('/dev/net/tun', os.O_RDWR | os.O_NONBLOCK)
        fcntl.ioctl(fd, TUNSETIFF, struct.pack('16sH', name.encode(), IFF_TUN | IFF_NO_PI))
        return fd
    finally:
        libc.setns(here, CLONE_NEWNET)
        os.close(here)
        os.close(there)


class Direction:
    def __init__(self, name: str, source: int, target: int, rate: float, delay: float, loss: float, limit: int):
        self.name, self.source, self.target = name, source, target
        self.rate, self.delay, self.loss, self.limit = rate, delay, loss, limit
        self.busy_until = 0.0
        self.queue: list = []  # heap of (arrival time, sequence, departure time, packet)
        self.seq = 0
        self.counts = {'packets': 0, 'bytes': 0, 'delivered': 0, 'lost': 0, 'overflow': 0, 'cut': 0}

    def arrive(self, packet: bytes, now: float, down: bool):
        self.counts['packets'] += 1
        self.counts['bytes'] += len(packet)
        if down:
            self.counts['cut'] += 1
            return
        if random.random() < self.loss:
            self.counts['lost'] += 1
            return
        if len(self.queue) >= self.limit:
            self.counts['overflow'] += 1
            return
        departure = max(now, self.busy_until) + (len(packet) + ETHERNET_HEADER) * 8 / self.rate
        self.busy_until = departure
        self.seq += 1
        heapq.heappush(self.queue, (departure + self.delay, self.seq, departure, packet))

    def deliver(self, now: float):
        while self.queue and self.queue[0][0] <= now:
            _, _, _, packet = heapq.heappop(self.queue)
            try:
                os.write(self.target, packet)
                self.counts['delivered'] += 1
            except BlockingIOError:
                self.counts['overflow'] += 1
            except OSError:
                self.counts['cut'] += 1

    def flush(self):
        self.counts['cut'] += len(self.queue)
        self.queue.clear()
        self.busy_until = 0.0


def main():
    server_ns, server_dev, client_ns, client_dev = sys.argv[1:5]
    rate = float(os.environ.get('LINK_RATE_BIT', 20e6))
    delay = float(os.environ.get('LINK_DELAY_MS', 40)) / 1000
    loss = float(os.environ.get('LINK_LOSS', 0.01))
    limit = int(os.environ.get('LINK_LIMIT', 1000))
    random.seed(int(os.environ.get('LINK_SEED', 15)))
    server = open_tun(server_ns, server_dev)
    client = open_tun(client_ns, client_dev)
    up = Direction('client->server', client, server, rate, delay, loss, limit)
    down = Direction('server->client', server, client, rate, delay, loss, limit)
    by_fd = {client: up, server: down}
    stdin = sys.stdin.fileno()
    os.set_blocking(stdin, False)
    command = b''
    cut = False
    print('ready', flush=True)
    while True:
        now = time.monotonic()
        next_due = min([d.queue[0][0] for d in (up, down) if d.queue], default=now + 0.5)
        timeout = max(0.0, next_due - now)
        readable, _, _ = select.select([client, server, stdin], [], [], timeout)
        now = time.monotonic()
        for fd in readable:
            if fd == stdin:
                data = os.read(stdin, 4096)
                if not data:
                    return
                command += data
                while b'\n' in command:
                    line, command = command.split(b'\n', 1)
                    word = line.strip().decode()
                    if word == 'cut':
                        cut = True
                        up.flush()
                        down.flush()
                    elif word == 'restore':
                        cut = False
                    elif word == 'stats':
                        print(json.dumps({d.name: d.counts for d in (up, down)}), flush=True)
                continue
            direction = by_fd[fd]
            for _ in range(64):
                try:
                    packet = os.read(fd, 65536)
                except BlockingIOError:
                    break
                direction.arrive(packet, now, cut)
        up.deliver(now)
        down.deliver(now)


if __name__ == '__main__':
    try:
        main()
    except KeyboardInterrupt:
        pass

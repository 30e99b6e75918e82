# A hostile "3-digit program" for tests/sandbox.rs: python3 hostile.py MODE MARKER [PATHS...] LETTER FILE
# MODE says what it tries (all, peek: exit 1 to have their stderr shown); MARKER is in its command line (and its children's) so the test can
# look for processes left behind; everything it manages to read is printed on stderr.
import os, signal, socket, sys, time

mode, marker = sys.argv[1], sys.argv[2]
rest = sys.argv[3:-2]


log = []


def say(text):
    log.append(text)
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def write(path):
    try:
        with open(path, "w") as f:
            f.write("written by " + marker)
        say("wrote " + path)
    except OSError as e:
        say("cannot write %s: %s" % (path, e.strerror))


def read_tree(top):
    for folder, _, names in os.walk(top):
        for name in names:
            try:
                say("read %s: %s" % (name, open(os.path.join(folder, name)).read()))
            except OSError as e:
                say("cannot read %s: %s" % (name, e.strerror))


if mode in ("all", "peek"):
    # rest: HOME_FILE CANARY_DIR NEIGHBOUR_DIR SUITE_DIR PORT
    home_file, canary, neighbour, suite, port = rest
    if mode == "all":
        write(os.path.join(os.environ.get("HOME", "/nonexistent"), "..", "home-" + marker))
        write(home_file)
        write(os.path.join(canary, "new-" + marker))
        write(os.path.join(canary, "a.txt"))
    for top in (neighbour, suite):
        read_tree(top)
    try:
        socket.create_connection(("127.0.0.1", int(port)), timeout=2).sendall(marker.encode())
        say("connected")
    except OSError as e:
        say("cannot connect: %s" % e)
    # Everything on one last line (check shows a failed run's stderr tail), and fail.
    sys.stderr.write(" | ".join(log).replace("\n", " ") + "\n")
    sys.exit(1)
elif mode == "alloc":
    block = bytearray(3 << 30)
    say("allocated %d bytes" % len(block))
elif mode == "fork":
    children = 0
    for _ in range(300):
        try:
            pid = os.fork()
        except OSError as e:
            say("fork failed after %d children: %s" % (children, e.strerror))
            sys.exit(3)
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        children += 1
    say("started %d children" % children)
elif mode == "daemon":
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(600)
        os._exit(0)
    time.sleep(0.5)
elif mode == "flood":
    line = "320,220,210,110" * 100 + "\n"
    while True:
        sys.stdout.write(line)
elif mode == "term":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(600)
print("320,220,210,110")
print("320,220,210,110")

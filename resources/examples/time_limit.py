# A time limit: a program that never ends is stopped for you.
#
# This loop never ends. Sandpit stops it at the time limit (10 seconds unless you change it
# in Settings), with every process it started, and the Run pane says why it stopped.
# Stop (Ctrl+F2) ends it sooner.
import time

count = 0
while True:
    count += 1
    print("still counting:", count, flush=True)
    time.sleep(1)

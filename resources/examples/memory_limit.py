# A memory limit: a program that keeps taking memory is stopped before it slows your computer.
#
# Each turn of the loop keeps 10 MB more. At the memory limit (256 MB unless you change it
# in Settings) Sandpit stops the program, and the Run pane says it used too much memory.
chunks = []
while True:
    chunks.append(bytearray(10 * 1024 * 1024))
    print(len(chunks) * 10, "MB so far", flush=True)

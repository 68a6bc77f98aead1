# Sandpit's runner image for bash, on the official bash:5, for users with a registry:
#   docker build -t sandpit/bash -f packaging/docker/Dockerfile.bash packaging/docker
# then SANDPIT_DOCKER_IMAGE_<LANGID>=sandpit/bash. Sandpit runs every container as uid 1000
# with a read-only root, no network, no capabilities and /work bind-mounted from the host, so
# the image only has to provide the toolchain, /bin/sh (the launcher) and that user.
FROM bash:5
RUN adduser -D -u 1000 -h /work -s /bin/sh learner
# Nothing setuid is of use to a learner's program; no-new-privileges makes them inert anyway,
# and removing the bits keeps the image honest without it.
RUN find / -xdev -perm /6000 -type f -exec chmod a-s {} + 2>/dev/null || true
RUN mkdir -p /work && chown 1000:1000 /work
WORKDIR /work
USER 1000:1000
ENV HOME=/work LANG=C.UTF-8
LABEL org.sandpit.runner="1"

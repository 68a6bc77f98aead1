#!/usr/bin/env bash
# Starts a second Docker daemon that plays a remote engine: it listens on 127.0.0.1 with TLS
# only (mutual TLS, certificates made here with openssl), keeps its own data root, exec root,
# pid file and containerd, creates no bridge and touches no iptables (so it coexists with the
# host's dockerd), and runs in its own mount namespace with a tmpfs over /tmp and /home, so the
# host's scratch paths (where Sandpit's runs keep their files) do not exist for it. Anything
# that works against it cannot have relied on a bind mount of a host folder.
#
# Usage (root):
#   scripts/start-tls-dockerd.sh [start]   start it (or reuse a running one), load the offline
#                                          images over its API, print the lines to eval
#   scripts/start-tls-dockerd.sh env       print the lines to eval for a running daemon
#   scripts/start-tls-dockerd.sh stop      stop it (the state folder stays, images included)
# Environment:
#   SANDPIT_TLS_DOCKERD_DIR   state folder (default /var/lib/sandpit-tls-dockerd); the client
#                             certificates are in its certs/ folder, the eval lines in env
#   SANDPIT_TLS_DOCKERD_PORT  TCP port on 127.0.0.1 (default 23760)
#   SANDPIT_TLS_DOCKERD_IMAGES  images to copy from the host daemon (default: every
#                             sandpit-offline/* image it has)
# The daemon's pid file is printed as SANDPIT_TLS_DOCKERD_PIDFILE, so a test can kill it.
set -euo pipefail

state_dir=${SANDPIT_TLS_DOCKERD_DIR:-/var/lib/sandpit-tls-dockerd}
port=${SANDPIT_TLS_DOCKERD_PORT:-23760}
cert_dir=$state_dir/certs
pid_file=$state_dir/dockerd.pid
exec_root=/run/sandpit-tls-dockerd-$port
log_file=$state_dir/dockerd.log
env_file=$state_dir/env

log() { echo "start-tls-dockerd: $*" >&2; }

client_env() {
    echo "DOCKER_HOST=tcp://127.0.0.1:$port"
    echo "DOCKER_TLS_VERIFY=1"
    echo "DOCKER_CERT_PATH=$cert_dir"
    echo "SANDPIT_TLS_DOCKERD_PIDFILE=$pid_file"
}

running_pid() {
    [[ -s $pid_file ]] || return 1
    local pid
    pid=$(cat "$pid_file")
    kill -0 "$pid" 2>/dev/null && echo "$pid"
}

tls_docker() {
    DOCKER_HOST=tcp://127.0.0.1:$port DOCKER_TLS_VERIFY=1 DOCKER_CERT_PATH=$cert_dir docker "$@"
}

# A CA, a server certificate for 127.0.0.1/localhost and a client certificate, as Docker's
# "Protect the Docker daemon socket" page makes them. Made once; reused on later starts.
make_certs() {
    [[ -s $cert_dir/ca.pem && -s $cert_dir/server-cert.pem && -s $cert_dir/cert.pem ]] && return 0
    mkdir -p "$cert_dir"
    local tmp
    tmp=$(mktemp -d)
    (
        cd "$tmp"
        openssl genrsa -out ca-key.pem 2048 2>/dev/null
        openssl req -new -x509 -days 3650 -key ca-key.pem -sha256 -subj "/CN=Sandpit test CA" -out ca.pem
        openssl genrsa -out server-key.pem 2048 2>/dev/null
        openssl req -subj "/CN=localhost" -sha256 -new -key server-key.pem -out server.csr
        printf 'subjectAltName = DNS:localhost,IP:127.0.0.1\nextendedKeyUsage = serverAuth\n' >server.cnf
        openssl x509 -req -days 3650 -sha256 -in server.csr -CA ca.pem -CAkey ca-key.pem \
            -CAcreateserial -out server-cert.pem -extfile server.cnf 2>/dev/null
        openssl genrsa -out key.pem 2048 2>/dev/null
        openssl req -subj "/CN=sandpit-client" -new -key key.pem -out client.csr
        printf 'extendedKeyUsage = clientAuth\n' >client.cnf
        openssl x509 -req -days 3650 -sha256 -in client.csr -CA ca.pem -CAkey ca-key.pem \
            -CAcreateserial -out cert.pem -extfile client.cnf 2>/dev/null
        chmod 0400 ca-key.pem key.pem server-key.pem
        cp ca.pem ca-key.pem server-cert.pem server-key.pem cert.pem key.pem "$cert_dir/"
    )
    rm -rf "$tmp"
}

start_daemon() {
    mkdir -p "$state_dir/data" "$exec_root"
    # A bridge of its own, never used (its containers run without a network): with
    # --bridge=none, dockerd deletes the host's docker0 as it starts, and the host daemon's
    # containers then cannot start on the default network.
    ip link show sandpit-tls0 >/dev/null 2>&1 || ip link add sandpit-tls0 type bridge
    # The namespace is made before dockerd starts, and the tmpfs mounts happen inside it, so
    # the host keeps its /tmp and the daemon (and every container it makes) never sees it.
    # Certificates live outside /tmp, so the daemon still reads them.
    nohup unshare --mount --propagation private -- sh -c '
        mount -t tmpfs -o mode=1777 sandpit-private-tmp /tmp
        mount -t tmpfs -o mode=0755 sandpit-private-home /home
        exec dockerd "$@"' sh \
        --host "tcp://127.0.0.1:$port" --tlsverify \
        --tlscacert "$cert_dir/ca.pem" --tlscert "$cert_dir/server-cert.pem" \
        --tlskey "$cert_dir/server-key.pem" \
        --data-root "$state_dir/data" --exec-root "$exec_root" --pidfile "$pid_file" \
        --bridge=sandpit-tls0 --iptables=false --ip6tables=false --ip-forward=false \
        --ip-masq=false --userland-proxy=false \
        >"$log_file" 2>&1 &
    for _ in $(seq 1 120); do
        tls_docker version >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    log "dockerd did not answer on 127.0.0.1:$port; see $log_file"
    exit 1
}

# Over the daemon's API (docker load is POST /images/load), never by sharing a data root.
load_images() {
    local images=${SANDPIT_TLS_DOCKERD_IMAGES:-}
    [[ -n $images ]] || images=$(docker images --format '{{.Repository}}:{{.Tag}}' 'sandpit-offline/*')
    local image
    for image in $images; do
        local want have
        want=$(docker image inspect --format '{{.Id}}' "$image")
        have=$(tls_docker image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
        [[ $want == "$have" ]] && continue
        log "loading $image"
        docker save "$image" | tls_docker load >/dev/null
    done
}

cmd=${1:-start}
case $cmd in
start)
    [[ $(id -u) -eq 0 ]] || { log "run as root"; exit 1; }
    mkdir -p "$state_dir"
    make_certs
    if ! running_pid >/dev/null; then
        log "starting dockerd on 127.0.0.1:$port (state in $state_dir)"
        start_daemon
    fi
    load_images
    client_env >"$env_file"
    chmod -R a+rX "$state_dir/certs" "$env_file" 2>/dev/null || true
    log "certificates in $cert_dir; eval these lines (also in $env_file):"
    client_env
    ;;
env)
    running_pid >/dev/null || { log "not running"; exit 1; }
    client_env
    ;;
stop)
    if pid=$(running_pid); then
        kill "$pid"
        for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
        log "stopped dockerd $pid"
    else
        log "not running"
    fi
    rm -f "$env_file"
    ;;
*)
    log "unknown command $cmd (start, env or stop)"
    exit 2
    ;;
esac

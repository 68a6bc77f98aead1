#pragma once

#include "docker/dockerclient.h"
#include "model/runrequest.h"

namespace Sandpit::Core {

/// A cached Python environment made into an image of its own on each engine that runs it
/// (`sandpit-env/<hash>`: the run's image with the environment at kPathInImage), so that a run
/// with it sends nothing of it: before, each run copied its 7 MB into /work through the archive
/// API and listed and compared them after the run, 1.7x a run without requirements. The image
/// is made through the archive API and `commit`, so an engine that shares no disk with Sandpit
/// (tcp://) gets one the same way; a bind of the cache would name nothing there.
///
/// The name hashes the base image's id and the environment's marker, so a newer base image or
/// an environment built again gets an image of its own. Every such image carries kLabel; each
/// time one is made, all but the newest kKept are removed, and
/// `docker image rm $(docker image ls -q --filter label=org.sandpit.envimage)` removes them all.
namespace DockerEnvImage {

/// Outside /work, whose tmpfs volume would hide it, and on the container's read-only root file
/// system: no program can change what later runs import.
inline constexpr const char *kPathInImage = "/opt/sandpit-env";
/// On each environment image: its environment's name in the cache (the requirements' hash).
inline constexpr const char *kLabel = "org.sandpit.envimage";
/// On each environment image: the id of the image it was made from.
inline constexpr const char *kBaseLabel = "org.sandpit.envimage.base";
/// Environment images kept per engine: a class's handful of exercises, each with its own
/// requirements, without filling the engine's disk over a term.
inline constexpr int kKept = 8;

/// The name of the image of the environment at `envPath` made from the image whose id is
/// `baseId`.
QString imageName(const QString &baseId, const QString &envPath);
/// The container the files of `image` are put in before its commit: one name per image, so a
/// holder a crashed make left is removed by the next make of that image.
QString holderName(const QString &image);
/// The image of `baseImage` with the environment at `envPath` (a folder of the cache) in it,
/// found on the engine or made now. Blocks: for the pool's threads.
Expected<QString> ensure(const DockerClient &client, const QString &baseImage, const QString &envPath);
/// Removes the environment images past the `keep` newest (those a container still uses stay).
/// Returns how many went.
int prune(const DockerClient &client, int keep);
/// When no image could be had: the environment copied into this one run's /work as before,
/// and `command` pointed there.
void sendInstead(RunRequest &request, QStringList &command, const QString &envPath);

} // namespace DockerEnvImage

} // namespace Sandpit::Core

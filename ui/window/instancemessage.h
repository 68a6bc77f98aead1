#pragma once

#include <QtGlobal>

namespace Sandpit::Ui::InstanceMessage {

/// The first word of a request on the instance socket, so a stray client's bytes are told
/// apart from a file list; raised if the request ever changes shape.
constexpr quint32 kMagic = 0x53504931; // "SPI1"
/// A request larger than this is not a file list: the connection is dropped.
constexpr qint64 kMaxBytes = 4 * 1024 * 1024;
/// The answer once the files were handed to the window.
constexpr char kReceived = 'k';

} // namespace Sandpit::Ui::InstanceMessage

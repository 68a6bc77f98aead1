#pragma once

#include <QStringList>

#include <string>
#include <vector>

/// A test row's arguments, as the helper takes them.
inline std::vector<std::string> stdArgs(const QStringList &args)
{
    std::vector<std::string> out;
    for (const QString &arg : args)
        out.push_back(arg.toStdString());
    return out;
}

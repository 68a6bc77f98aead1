#pragma once

#include <QElapsedTimer>
#include <QList>

#include <algorithm>
#include <cstdio>

namespace SandpitBench {

/// Wall times of repeated trials, in milliseconds.
struct Samples {
    QList<double> ms;
    double median() const
    {
        QList<double> sorted = ms;
        std::sort(sorted.begin(), sorted.end());
        return sorted.isEmpty() ? 0 : sorted.at(sorted.size() / 2);
    }
    double min() const { return ms.isEmpty() ? 0 : *std::min_element(ms.begin(), ms.end()); }
};

inline void printRow(const char *name, const Samples &s, double baselineMedian)
{
    std::printf("| %-38s | %8.2f | %8.2f | %6.2fx |\n", name, s.median(), s.min(), s.median() / baselineMedian);
}

inline void printHeader()
{
    std::printf("| %-38s | %8s | %8s | %7s |\n|%s|%s|%s|%s|\n", "what", "median ms", "min ms", "ratio",
                "----------------------------------------", "----------", "----------", "---------");
}

} // namespace SandpitBench

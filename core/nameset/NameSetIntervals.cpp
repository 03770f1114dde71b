#include "nameset/NameSetIntervals.h"

namespace pb {

QList<GroupIntervals> NameSetIntervals::of(const groups::GroupTable& table, double level)
{
    QList<GroupIntervals> out;
    const std::vector<std::vector<double>> means = table.nameMeansByGroup();
    const std::vector<groups::GroupSummary>& groups = table.groups();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        GroupIntervals row;
        row.group = QString::fromStdString(groups[g].group);
        row.favourable = groups::WilsonInterval::of(groups[g].favourable.successes,
                                                    groups[g].favourable.trials, level);
        const std::vector<double> groupMeans = g < means.size() ? means[g] : std::vector<double>{};
        row.nameMean =
            TInterval::averageGap(QList<double>(groupMeans.begin(), groupMeans.end()), level);
        out << row;
    }
    return out;
}

} // namespace pb

#pragma once

#include <QWidget>

namespace pb {

class BackgroundRun;
class ProbeProject;

// Placeholder until the page is built.
class ResultsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPage(ProbeProject* project, BackgroundRun* run, QWidget* parent = nullptr);
};

} // namespace pb

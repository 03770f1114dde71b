#pragma once

#include <QWidget>

namespace pb {

class ProbeProject;

// Placeholder until the page is built.
class ReportPage : public QWidget
{
    Q_OBJECT
public:
    explicit ReportPage(ProbeProject* project, QWidget* parent = nullptr);
};

} // namespace pb

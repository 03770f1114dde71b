#pragma once

#include <QWidget>

namespace pb {

class ProbeProject;

// Placeholder until the page is built.
class ByHandPage : public QWidget
{
    Q_OBJECT
public:
    explicit ByHandPage(ProbeProject* project, QWidget* parent = nullptr);
};

} // namespace pb

#pragma once

#include <QWidget>

namespace pb {



// Placeholder until the page is built.
class PresenterPage : public QWidget
{
    Q_OBJECT
public:
    explicit PresenterPage(QWidget* parent = nullptr);
};

} // namespace pb

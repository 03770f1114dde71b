#include "pages/PresenterPage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace pb {

PresenterPage::PresenterPage(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(QStringLiteral("PresenterPage: not built yet"), this));
}

} // namespace pb

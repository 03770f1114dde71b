#include "pages/ByHandPage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace pb {

ByHandPage::ByHandPage(ProbeProject*, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(QStringLiteral("ByHandPage: not built yet"), this));
}

} // namespace pb

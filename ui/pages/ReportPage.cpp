#include "pages/ReportPage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace pb {

ReportPage::ReportPage(ProbeProject*, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(QStringLiteral("ReportPage: not built yet"), this));
}

} // namespace pb

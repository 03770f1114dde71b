#include "pages/ResultsPage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace pb {

ResultsPage::ResultsPage(ProbeProject*, BackgroundRun*, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(QStringLiteral("ResultsPage: not built yet"), this));
}

} // namespace pb

#include "pages/WelcomePage.h"

#include "widgets/RecentFilesMenu.h"

#include <QDir>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace pb {

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent),
      m_tutorial(new QPushButton(
          tr("Try the tutorial's style probe on the built-in stand-in model"), this)),
      m_judgeDemo(new QPushButton(tr("Judge padding demo"), this)),
      m_nameSetExample(new QPushButton(tr("Name-set example"), this)),
      m_gradingExample(new QPushButton(tr("Grading example"), this)),
      m_open(new QPushButton(tr("Open a project\u2026"), this)),
      m_new(new QPushButton(tr("New empty probe"), this)), m_recent(new QListView(this)),
      m_recentModel(new QStandardItemModel(this))
{
    setAccessibleName(tr("Welcome page"));
    auto* outer = new QHBoxLayout(this);
    auto* column = new QVBoxLayout;
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);

    auto* title = new QLabel(tr("Probe Workbench"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    title->setFont(big);
    column->addStretch(1);
    column->addWidget(title);

    auto* intro = new QLabel(
        tr("A counterfactual bias probe sends a model inputs that are the same except for one "
           "attribute, "
           "holds everything else fixed, counts one pre-chosen number in every reply, and asks "
           "whether the "
           "gap between the variants is bigger than the noise of the same input run twice."),
        this);
    intro->setWordWrap(true);
    column->addWidget(intro);
    column->addSpacing(16);

    m_tutorial->setAccessibleName(tr("Try the tutorial's style probe"));
    m_tutorial->setToolTip(
        tr("Loads the tutorial's eight formal/casual help requests on the stand-in model, "
           "which has a gap planted on purpose. Then press Start on the Run page."));
    m_tutorial->setDefault(true);
    m_tutorial->setAutoDefault(true);
    QFont buttonFont = m_tutorial->font();
    buttonFont.setPointSizeF(buttonFont.pointSizeF() * 1.2);
    m_tutorial->setFont(buttonFont);
    m_tutorial->setMinimumHeight(m_tutorial->sizeHint().height() * 3 / 2);
    column->addWidget(m_tutorial);
    auto* hint = new QLabel(
        tr("No server needed: one click loads it, a second click on Start runs it."), this);
    hint->setWordWrap(true);
    column->addWidget(hint);
    column->addSpacing(8);

    auto* row = new QHBoxLayout;
    m_open->setAccessibleName(tr("Open a project"));
    m_open->setToolTip(tr("Open a .pbrun project, or a .probe.json probe file (Ctrl+O)."));
    m_new->setAccessibleName(tr("New empty probe"));
    m_new->setToolTip(tr("Start a probe from scratch: two values, one empty item (Ctrl+N)."));
    row->addWidget(m_open);
    row->addWidget(m_new);
    m_judgeDemo->setAccessibleName(tr("Judge padding demo"));
    m_judgeDemo->setToolTip(
        tr("Opens the tutorial's padding probe on a rubric judge (Part III) in its own window "
           "and runs it on the built-in stand-in judge, whose length bonus is planted."));
    row->addWidget(m_judgeDemo);
    m_nameSetExample->setAccessibleName(tr("Open the resume-screening name-set example"));
    m_nameSetExample->setToolTip(
        tr("Opens the resume-screening name set (one resume, 32 names in 4 groups) in its own "
           "window and runs it on the built-in stand-in."));
    row->addWidget(m_nameSetExample);
    m_gradingExample->setAccessibleName(tr("Open the library-hours grading example"));
    m_gradingExample->setToolTip(
        tr("Opens twelve library-hours essays with their rubric in a grading window, to grade "
           "on the built-in stand-in judge and score blind."));
    row->addWidget(m_gradingExample);
    row->addStretch();
    column->addLayout(row);
    column->addSpacing(16);

    auto* recentLabel = new QLabel(tr("&Recent projects"), this);
    recentLabel->setBuddy(m_recent);
    column->addWidget(recentLabel);
    m_recent->setModel(m_recentModel);
    m_recent->setAccessibleName(tr("Recent projects"));
    m_recent->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_recent->setMaximumHeight(m_recent->fontMetrics().height() * 8);
    column->addWidget(m_recent);
    column->addStretch(2);

    connect(m_tutorial, &QPushButton::clicked, this, &WelcomePage::tutorialRequested);
    connect(m_open, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(m_new, &QPushButton::clicked, this, &WelcomePage::newRequested);
    connect(m_judgeDemo, &QPushButton::clicked, this, &WelcomePage::judgeDemoRequested);
    connect(m_nameSetExample, &QPushButton::clicked, this, &WelcomePage::nameSetExampleRequested);
    connect(m_gradingExample, &QPushButton::clicked, this, &WelcomePage::gradingExampleRequested);
    connect(m_recent, &QListView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT recentRequested(index.data(Qt::UserRole).toString());
    });
    setRecentFiles({});
}

void WelcomePage::setRecentFiles(const QStringList& paths)
{
    m_recentModel->clear();
    for (const QString& path : paths) {
        auto* item = new QStandardItem(RecentFilesMenu::displayName(path));
        item->setData(path, Qt::UserRole);
        item->setToolTip(QDir::toNativeSeparators(path));
        m_recentModel->appendRow(item);
    }
    if (paths.isEmpty()) {
        auto* none = new QStandardItem(tr("None yet"));
        none->setEnabled(false);
        m_recentModel->appendRow(none);
    }
}

} // namespace pb

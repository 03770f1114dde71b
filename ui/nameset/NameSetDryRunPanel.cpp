#include "nameset/NameSetDryRunPanel.h"

#include "nameset/NameSetProject.h"
#include "nameset/NameSetPrompt.h"
#include "run/WorkerThread.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace pb {

namespace {

// What the run would make of the reply: the parsed object and its decision and score, or
// why it does not count.
QString readingOfReply(const NameSetDryRun& r)
{
    if (!r.reading.valid)
        return QObject::tr("Does not validate:\n- %1\n\nA run would ask again with:\n%2")
            .arg(r.reading.errors.join(QStringLiteral("\n- ")),
                 NameSetPrompt::feedback(r.reading.errors));
    const QJsonDocument parsed = QJsonDocument::fromJson(r.reply.trimmed().toUtf8());
    return QObject::tr("Valid: decision \u201c%1\u201d, score %2.\n\n%3")
        .arg(r.reading.decision)
        .arg(r.reading.score)
        .arg(QString::fromUtf8(parsed.toJson(QJsonDocument::Indented)));
}

// The reading, then the full run's estimated tokens from this call's. Made on the worker,
// with the reply.
QString readingOf(const NameSetDryRun& r)
{
    if (!r.answered)
        return QObject::tr("No reply: %1").arg(r.error);
    return readingOfReply(r) + QStringLiteral("\n\n") + r.estimate;
}

} // namespace

NameSetDryRunPanel::NameSetDryRunPanel(NameSetProject* project, QWidget* parent)
    : QWidget(parent), m_project(project),
      m_worker(std::make_unique<WorkerThread>(QStringLiteral("nameset-dry-run"))),
      m_names(new QComboBox(this)), m_ask(new QPushButton(tr("&Dry run on this name"), this)),
      m_verdict(new QLabel(this)), m_reply(new QPlainTextEdit(this)),
      m_reading(new QPlainTextEdit(this))
{
    setAccessibleName(tr("Dry run on one name"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* box = new QGroupBox(tr("Dry run on one name"), this);
    outer->addWidget(box);
    auto* layout = new QVBoxLayout(box);
    auto* row = new QHBoxLayout;
    m_names->setAccessibleName(tr("Name for the dry run"));
    m_names->setToolTip(tr("The name whose prompt is sent once, on the first seed."));
    m_names->setMinimumContentsLength(24);
    m_ask->setAccessibleName(tr("Dry run on this name"));
    m_ask->setToolTip(tr("Send this name's prompt once and read the reply as the run would: "
                         "check that the model answers in valid JSON before a whole run. "
                         "Nothing is recorded."));
    row->addWidget(new QLabel(tr("Name:"), box));
    row->addWidget(m_names);
    row->addWidget(m_ask);
    m_verdict->setAccessibleName(tr("Dry run result"));
    m_verdict->setWordWrap(true);
    row->addWidget(m_verdict, 1);
    layout->addLayout(row);
    auto* texts = new QHBoxLayout;
    m_reply->setReadOnly(true);
    m_reply->setAccessibleName(tr("Dry run raw reply"));
    m_reply->setToolTip(tr("The reply exactly as the server sent it."));
    m_reply->setPlaceholderText(tr("The raw reply comes here."));
    m_reading->setReadOnly(true);
    m_reading->setAccessibleName(tr("Dry run reading"));
    m_reading->setToolTip(tr("The reply read as the run reads it: the parsed JSON, or what is "
                             "wrong with it and the message a re-ask would send."));
    m_reading->setPlaceholderText(tr("The parsed JSON, or why it does not validate."));
    for (QPlainTextEdit* e : {m_reply, m_reading}) {
        e->setMaximumHeight(e->fontMetrics().height() * 6);
        texts->addWidget(e);
    }
    layout->addLayout(texts);
    connect(m_ask, &QPushButton::clicked, this, &NameSetDryRunPanel::ask);
    connect(m_project, &NameSetProject::documentChanged, this, &NameSetDryRunPanel::refreshNames);
    refreshNames();
}

NameSetDryRunPanel::~NameSetDryRunPanel() = default;

void NameSetDryRunPanel::refreshNames()
{
    QStringList names;
    for (const NameEntry& e : m_project->document().names)
        names << e.name;
    QStringList shown;
    for (int i = 0; i < m_names->count(); ++i)
        shown << m_names->itemText(i);
    if (names == shown)
        return;
    const QString chosen = m_names->currentText();
    m_names->clear();
    m_names->addItems(names);
    m_names->setCurrentIndex(qMax(0, int(names.indexOf(chosen))));
    m_ask->setEnabled(!names.isEmpty() && !m_asking);
}

void NameSetDryRunPanel::ask()
{
    if (m_asking || m_names->currentIndex() < 0)
        return;
    m_asking = true;
    m_ask->setEnabled(false);
    m_verdict->setText(tr("Asking %1\u2026").arg(m_names->currentText()));
    m_reply->clear();
    m_reading->clear();
    m_worker->post(
        [doc = m_project->document(), index = m_names->currentIndex()] {
            NameSetDryRun result = NameSetDryRun::ask(doc, index);
            return std::make_pair(result, readingOf(result));
        },
        [this](const std::pair<NameSetDryRun, QString>& done) { show(done.first, done.second); });
}

void NameSetDryRunPanel::show(const NameSetDryRun& result, const QString& readingText)
{
    m_asking = false;
    m_ask->setEnabled(m_names->count() > 0);
    if (!result.answered)
        m_verdict->setText(tr("%1: no reply.").arg(result.name));
    else if (result.reading.valid)
        m_verdict->setText(tr("%1: valid JSON.").arg(result.name));
    else
        m_verdict->setText(tr("%1: the reply does not validate.").arg(result.name));
    m_reply->setPlainText(result.answered ? result.reply : result.error);
    m_reading->setPlainText(readingText);
    Q_EMIT answered(result);
}

QString NameSetDryRunPanel::verdictText() const
{
    return m_verdict->text();
}

QString NameSetDryRunPanel::replyText() const
{
    return m_reply->toPlainText();
}

QString NameSetDryRunPanel::readingText() const
{
    return m_reading->toPlainText();
}

} // namespace pb

#include "grading/AgreementPanel.h"

#include "grading/ProjectAgreement.h"
#include "run/WorkerThread.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace pb {

AgreementPanel::AgreementPanel(QWidget* parent)
    : QWidget(parent), m_worker(std::make_unique<WorkerThread>(QStringLiteral("agreement"))),
      m_text(new QTextBrowser(this))
{
    setAccessibleName(tr("Agreement"));
    auto* layout = new QVBoxLayout(this);
    m_text->setAccessibleName(tr("Agreement report"));
    m_text->setToolTip(tr("agreement.md and revision.md as probebench agree writes them for the "
                          "finished sheets and the judge: kappa per criterion, the confusion "
                          "matrices, the worst criterion, and each criterion before and after "
                          "the latest graded revision of the rubric."));
    m_text->setReadOnly(true);
    m_text->setOpenLinks(false);
    layout->addWidget(m_text);
    clear();
}

AgreementPanel::~AgreementPanel() = default;

QString AgreementPanel::shownText() const
{
    return m_text->toPlainText();
}

void AgreementPanel::clear()
{
    ++m_request;
    m_markdown.clear();
    m_text->setPlainText(tr("Agreement is measured once two raters have marked their blind "
                            "sheets complete."));
}

void AgreementPanel::update(const GradingVersions& versions, const QList<RaterSheet>& finished,
                            const QString& blindNote)
{
    if (!versions.first || !versions.first->inputsRead() || finished.size() < 2) {
        clear();
        m_text->setPlainText(tr("Agreement is measured once two raters have marked their blind "
                                "sheets complete (%1 so far).")
                                 .arg(finished.size()));
        Q_EMIT reportShown();
        return;
    }
    const quint64 request = ++m_request;
    m_worker->post(
        [versions, people = finished, withJudge = blindNote.isEmpty()] {
            const int revision = versions.latestGraded();
            QString error;
            const std::optional<ProjectAgreement> agreement = ProjectAgreement::compute(
                *versions.first, people, withJudge,
                revision > 0 ? versions.version(revision).get() : nullptr, revision, &error);
            return std::make_pair(agreement ? QString::fromUtf8(agreement->markdown()) : QString(),
                                  error);
        },
        [this, request, blindNote](const std::pair<QString, QString>& done) {
            if (request != m_request)
                return; // a newer request is on its way
            m_markdown = done.first;
            if (m_markdown.isEmpty())
                m_text->setPlainText(tr("No agreement report: %1").arg(done.second));
            else if (!blindNote.isEmpty())
                m_text->setMarkdown(
                    tr("*The judge is left out: its levels are %1.*").arg(blindNote) +
                    QStringLiteral("\n\n") + m_markdown);
            else
                m_text->setMarkdown(m_markdown);
            Q_EMIT reportShown();
        });
}

} // namespace pb

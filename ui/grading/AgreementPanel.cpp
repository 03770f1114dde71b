#include "grading/AgreementPanel.h"

#include "grading/AgreementReport.h"
#include "grading/AgreementText.h"
#include "grading/GradesCsv.h"
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
    m_text->setToolTip(tr("agreement.md as probebench agree writes it for the finished sheets "
                          "and the judge: kappa per criterion, the confusion matrices and the "
                          "worst criterion."));
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

void AgreementPanel::update(std::shared_ptr<const GradingStoredResults> results,
                            const QList<RaterSheet>& finished, const QString& blindNote)
{
    if (!results || !results->inputsRead() || finished.size() < 2) {
        clear();
        m_text->setPlainText(tr("Agreement is measured once two raters have marked their blind "
                                "sheets complete (%1 so far).")
                                 .arg(finished.size()));
        Q_EMIT reportShown();
        return;
    }
    const quint64 request = ++m_request;
    m_worker->post(
        [results, people = finished, withJudge = blindNote.isEmpty()] {
            std::optional<RaterSheet> judge;
            if (withJudge && results->runId != 0) // the rows as grades.csv holds them
                judge = RaterSheet{QStringLiteral("judge"), true,
                                   GradesCsv::judgeSheet(results->rubric, results->outcome.rows,
                                                         QStringLiteral("grades.csv"))};
            QString error;
            const std::optional<AgreementReport> report =
                AgreementReport::compute(results->rubric, people, judge, &error);
            return std::make_pair(
                report ? QString::fromUtf8(AgreementText::markdown(*report)) : QString(), error);
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

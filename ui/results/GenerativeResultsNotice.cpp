#include "results/GenerativeResultsNotice.h"

#include "generative/GenerativeReport.h"

namespace pb {

GenerativeResultsNotice::GenerativeResultsNotice(QWidget* parent) : QLabel(parent)
{
    setWordWrap(true);
    setAlignment(Qt::AlignTop | Qt::AlignLeft);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setAccessibleName(tr("Generative result"));
}

void GenerativeResultsNotice::setAnalysis(const GenerativeAnalysis& analysis)
{
    setText(QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                .arg(GenerativeReport::resultSentence(analysis).toHtmlEscaped(),
                     tr("A generative probe compares the replies' embeddings. Its per-item "
                        "distances, the effect against the noise floor, its interval and p are "
                        "on the Report page (Ctrl+5), as probebench run writes them; this page "
                        "has no chart of them yet.")));
}

} // namespace pb

#pragma once

#include "generative/GenerativeAnalysis.h"

#include <QLabel>

namespace pb {

// What the Results page shows of a generative run until it has charts of its own: the verdict
// in the core's words (GenerativeReport::resultSentence) and where the per-item distances and
// the effect against the noise floor are shown (the Report page, as `probebench run` writes
// them). It says and computes nothing else.
class GenerativeResultsNotice : public QLabel
{
    Q_OBJECT
public:
    explicit GenerativeResultsNotice(QWidget* parent = nullptr);

    void setAnalysis(const GenerativeAnalysis& analysis);
};

} // namespace pb

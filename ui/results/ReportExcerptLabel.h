#pragma once

#include "report/ReportDocument.h"

#include <QLabel>

namespace pb {

// A label showing a few of a report's blocks in the report's own words (ReportExcerpt), drawn
// again in the new colours when the palette changes (a theme switched while it is shown).
class ReportExcerptLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ReportExcerptLabel(const QString& accessibleName, QWidget* parent = nullptr);

    void setBlocks(const ReportDocument& blocks);
    void clearBlocks() { setBlocks(ReportDocument()); }
    // The blocks shown, in report.md's Markdown.
    QString markdown() const { return m_blocks.toMarkdown(); }

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    ReportDocument m_blocks;
};

} // namespace pb

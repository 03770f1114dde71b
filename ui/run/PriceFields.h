#pragma once

#include "project/ProbeFileProject.h"
#include "run/TokenTotals.h"

#include <QWidget>
#include <optional>

class QLabel;
class QLineEdit;

namespace pb {

// A hosted model's prices per million input and output tokens, as every kind's Run tab
// takes them: two fields, both filled or both empty (no cost), each a number from 0 to
// TokenPrices::kMostPerMillion. They are kept where the command line reads them (the
// settings' price_per_million_input and price_per_million_output): the tab applies an edit
// to its document as one undoable step, so a saved file gives `probebench` the same cost.
class PriceFields : public QWidget
{
    Q_OBJECT
public:
    // label: what is priced ("Prices", a judge's name), shown before the fields.
    explicit PriceFields(const QString& label, QWidget* parent = nullptr);

    // Shows the document's prices; emits nothing.
    void setPrices(const std::optional<TokenPrices>& prices);
    // The prices as the fields hold them: nullopt when both are empty. Valid only while
    // problem() is empty.
    std::optional<TokenPrices> prices() const;
    // Why the fields give no prices ("give both prices, or neither"), or empty.
    QString problem() const;

    QLineEdit* inputField() const { return m_input; }
    QLineEdit* outputField() const { return m_output; }

Q_SIGNALS:
    // The user finished an edit that gives prices (or clears both) different from those shown
    // last; a half or bad entry emits nothing and says why beside the fields.
    void pricesEdited(const std::optional<TokenPrices>& prices);

private:
    void onEdited();
    std::optional<double> read(const QLineEdit* field, bool* ok) const;

    QLineEdit* m_input;
    QLineEdit* m_output;
    QLabel* m_note;
    std::optional<TokenPrices> m_shown;
};

// Binds fields to the prices a file project's document keeps (field(document) is a reference to
// them): they show the document's, an edit is one undoable step, and they are read-only while
// a run is going (the project takes no edit then).
template <class Document, class Field>
void bindPrices(PriceFields* fields, DocumentFileProject<Document>* project, Field field)
{
    const auto show = [fields, project, field] {
        Document doc = project->document();
        fields->setPrices(field(doc));
        fields->setEnabled(!project->isRunning());
    };
    QObject::connect(project, &ProbeFileProject::documentChanged, fields, show);
    QObject::connect(project, &ProbeFileProject::fileChanged, fields, show);
    QObject::connect(project, &ProbeFileProject::runningChanged, fields, show);
    QObject::connect(fields, &PriceFields::pricesEdited, project,
                     [project, field, show](const std::optional<TokenPrices>& prices) {
                         Document doc = project->document();
                         field(doc) = prices;
                         project->applyEdit(doc, PriceFields::tr("Set the prices"));
                         show(); // an edit the project did not take is undone in the fields
                     });
    show();
}

} // namespace pb

#pragma once

#include "judge/JudgeProbeDocument.h"
#include "probe/ProbeProblem.h"

#include <QWidget>
#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QTimer;
class QPlainTextEdit;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace pb {

class JudgeItemListModel;
class JudgeVariantModel;
class ProblemList;

// The items of a judge probe, edited as a value: setDocument shows a document and every
// change is announced as the whole new document through edited (the owner keeps undo).
// Left, the items (add single or pairwise, remove, rename); right, the selected item's base
// (question and answer, or the two answers of a pair), its variants with the verdict each
// deserves per criterion, and the selected variant's text with the words that differ from
// the base highlighted. Padding and byline variants are generated from the base with core
// VariantGenerator (GenerateVariantsDialog).
//
// Variants generated from the base follow edits of its answer (the base's text inside them
// is replaced), variants that share the base's question follow edits of it, and a pairwise
// item's swapped order always mirrors its base.
class JudgeItemEditor : public QWidget
{
    Q_OBJECT
public:
    explicit JudgeItemEditor(QWidget* parent = nullptr);
    ~JudgeItemEditor() override;

    // Shows doc; keeps the selected item and variant where they still exist. Never emits
    // edited.
    void setDocument(const JudgeProbeDocument& doc);
    const JudgeProbeDocument& document() const { return m_doc; }
    void setReadOnly(bool readOnly);

    JudgeItemListModel* itemModel() const { return m_itemModel; }
    JudgeVariantModel* variantModel() const { return m_variantModel; }
    QTableView* itemTable() const { return m_itemTable; }
    QTableView* variantTable() const { return m_variantTable; }
    QTextBrowser* variantView() const { return m_variantView; }
    QLabel* shapeHint() const { return m_shapeHint; }
    QList<QAction*> editActions() const;
    // What core's reader finds wrong in the items (paths "items[2].answer"), as of the last
    // check; checked shortly after each change, or now with checkItems().
    const QList<ProbeProblem>& problems() const { return m_problems; }
    void checkItems();

    QString currentItemId() const;
    QString currentVariantId() const;
    void selectItem(const QString& itemId);
    void selectVariant(const QString& variantId);

    // Appends variants to the selected item (ids made unique within it) and selects the
    // first; what the generate dialogs do on accept.
    void addVariants(const QList<JudgeVariant>& variants, const QString& description);

public Q_SLOTS:
    void addItem();
    void addPairwiseItem();
    void removeItem();
    void addVariant();
    void removeVariant();
    void generatePadding();
    void generateBylines();
    void copyBaseVerdicts();

Q_SIGNALS:
    void edited(const pb::JudgeProbeDocument& doc, const QString& description);

protected:
    void changeEvent(QEvent* event) override;

private:
    void build();
    QWidget* buildItemList();
    QWidget* buildBase();
    QWidget* buildVariants();
    QWidget* buildDetail();
    void commit(const JudgeProbeDocument& doc, const QString& description);
    void editItem(const QString& description, const std::function<void(JudgeItem&)>& change);
    int currentItemRow() const;
    int currentVariantRow() const;
    void showItem();
    void showBase();
    void showVariant();
    void refreshActions();
    void generate(bool padding);
    void goToProblem(int row);

    JudgeProbeDocument m_doc;
    QList<ProbeProblem> m_problems;
    bool m_readOnly = false;
    bool m_updating = false;
    JudgeItemListModel* m_itemModel;
    JudgeVariantModel* m_variantModel;

    QTimer* m_checkTimer = nullptr;
    ProblemList* m_problemList = nullptr;
    QList<int> m_problemItemRows; // per problem row, the item it is about; -1 for none
    QSplitter* m_split = nullptr;
    QSplitter* m_rightSplit = nullptr;
    QTableView* m_itemTable = nullptr;
    QStackedWidget* m_right = nullptr;
    QLabel* m_itemTitle = nullptr;
    QPlainTextEdit* m_question = nullptr;
    QLabel* m_answerLabel = nullptr;
    QPlainTextEdit* m_answer = nullptr;
    QLabel* m_secondLabel = nullptr;
    QPlainTextEdit* m_second = nullptr;
    QLineEdit* m_note = nullptr;
    QComboBox* m_property = nullptr;
    QTableView* m_variantTable = nullptr;
    QLabel* m_variantTitle = nullptr;
    QLabel* m_shapeHint = nullptr;
    QToolButton* m_editText = nullptr;
    QStackedWidget* m_variantStack = nullptr;
    QTextBrowser* m_variantView = nullptr;
    QPlainTextEdit* m_variantText = nullptr;

    QAction* m_addItem = nullptr;
    QAction* m_addPair = nullptr;
    QAction* m_removeItem = nullptr;
    QAction* m_addVariant = nullptr;
    QAction* m_removeVariant = nullptr;
    QAction* m_generatePadding = nullptr;
    QAction* m_generateBylines = nullptr;
    QAction* m_copyBase = nullptr;
    QAction* m_editTextAction = nullptr;
};

} // namespace pb

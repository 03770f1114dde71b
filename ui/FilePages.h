#pragma once

#include <QObject>
#include <QString>
#include <array>
#include <optional>

class QStackedWidget;
class QWidget;

namespace pb {

class ProbeFileWorkspace;

// The main window's pages of the probes kept in files of their own: at most one judge probe,
// one name set, one grading and one probe of several axes, each a ProbeFileWorkspace in the
// window's stack, made when a file of its kind is first opened and deleted when closed. Opening
// another file of a kind replaces the one its page holds (after asking to save it); while that
// page's run is going it is refused, the page's banner saying why.
class FilePages : public QObject
{
    Q_OBJECT
public:
    enum class Kind
    {
        Judge,
        NameSet,
        Grading,
        Axes
    };
    static constexpr int kKinds = 4;

    // window: the parent of the dialogs shown when a file cannot be opened.
    FilePages(QStackedWidget* stack, QWidget* window);

    // The kind of page a file of FileFormat::kindOfFile's kind opens in, if any.
    static std::optional<Kind> kindOfFile(const QString& fileKind);

    // The kind's page, or null when none is open.
    ProbeFileWorkspace* page(Kind kind) const { return m_pages.at(int(kind)); }
    std::optional<Kind> kindOf(const QWidget* page) const;

    // Opens path in the kind's page (made when there is none). A file that cannot be opened
    // into a new page is explained in a dialog; an open page keeps its probe and says why in
    // its banner. Emits fileOpened on success.
    bool open(Kind kind, const QString& path);
    // Opens a copy of the kind's shipped example (the judge padding demo, the resume-screening
    // name set, the library-hours grading, the style-and-names axes), and starts its run when run
    // is true (judge probe and name set).
    bool openExample(Kind kind, bool run);
    // Asks about the kind's run and unsaved edits, then removes its page; false when the user
    // cancelled.
    bool close(Kind kind);
    // Asks each open page about its run and unsaved edits; false as soon as one is cancelled.
    bool confirmCloseAll();

Q_SIGNALS:
    void pageAdded(pb::FilePages::Kind kind);
    // After the page is out of the stack, before it is deleted.
    void pageRemoved(pb::FilePages::Kind kind);
    // A file opened (or an example made, or saved under a new name) in the kind's page;
    // title is its document's.
    void fileOpened(pb::FilePages::Kind kind, const QString& path, const QString& title);

private:
    ProbeFileWorkspace* ensure(Kind kind);
    void remove(Kind kind);

    QStackedWidget* m_stack;
    QWidget* m_window;
    std::array<ProbeFileWorkspace*, kKinds> m_pages{};
};

} // namespace pb

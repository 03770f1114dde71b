#include "judge/JudgeProject.h"

#include "judge/JudgeProbeReader.h"
#include "judge/JudgeProbeWriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUndoCommand>

namespace pb {

namespace {

const QString kDemoProbe = QStringLiteral("library-padding.judge.json");
const QString kDemoRubric = QStringLiteral("library-hours.rubric.json");

QByteArray embedded(const QString& name)
{
    QFile file(QStringLiteral(":/examples/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The file holds these bytes, or does not exist yet.
bool freeFor(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.exists())
        return true;
    return file.open(QIODevice::ReadOnly) && file.readAll() == bytes;
}

bool writeBytes(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

} // namespace

// One undoable edit: the document before and after. Consecutive edits with the same
// description merge, so typing a sentence is one step, not one per key.
class JudgeEditCommand : public QUndoCommand
{
public:
    JudgeEditCommand(JudgeProject* project, JudgeProbeDocument before, JudgeProbeDocument after,
                     const QString& description)
        : m_project(project), m_before(std::move(before)), m_after(std::move(after))
    {
        setText(description);
    }
    void undo() override { m_project->setDocumentFromUndo(m_before); }
    void redo() override { m_project->setDocumentFromUndo(m_after); }
    int id() const override { return 2; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const JudgeEditCommand*>(other);
        if (next->text() != text())
            return false;
        m_after = next->m_after;
        setObsolete(m_after == m_before);
        return true;
    }

private:
    JudgeProject* m_project;
    JudgeProbeDocument m_before;
    JudgeProbeDocument m_after;
};

JudgeProject::JudgeProject(QObject* parent) : QObject(parent)
{
}

QString JudgeProject::displayName() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).fileName();
    return m_document.title.isEmpty() ? tr("Untitled judge probe") : m_document.title;
}

void JudgeProject::applyEdit(const JudgeProbeDocument& doc, const QString& description)
{
    if (m_running || doc == m_document)
        return;
    m_undo.push(new JudgeEditCommand(this, m_document, doc, description));
}

void JudgeProject::setDocumentFromUndo(const JudgeProbeDocument& doc)
{
    m_document = doc;
    Q_EMIT documentChanged();
}

void JudgeProject::adopt(const JudgeProbeDocument& doc, const QString& path)
{
    m_document = doc;
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.clear();
    Q_EMIT documentChanged();
    Q_EMIT fileChanged();
}

bool JudgeProject::holdStore(const QString& probePath, StoreLock* lock, QString* error)
{
    const QString store = defaultStorePath(QFileInfo(probePath).absoluteFilePath());
    // Looking makes no folder: a probe never run has no store, and its first run's worker
    // takes the lock before it makes one.
    if (!QFileInfo(QFileInfo(store).absolutePath()).isDir())
        return true;
    QString refusal;
    if (lock->acquire(store, &refusal) || !StoreLock::otherHolder(store))
        return true;
    *error = refusal;
    return false;
}

bool JudgeProject::open(const QString& path, QString* error)
{
    const JudgeProbeLoadResult loaded = JudgeProbeReader::readFile(path);
    if (!loaded.ok()) {
        *error = loaded.errorText();
        if (error->isEmpty())
            *error = loaded.text();
        return false;
    }
    StoreLock lock;
    if (!holdStore(path, &lock, error))
        return false;
    m_warnings = loaded.warningText();
    adopt(*loaded.document, path);
    lock.moveTo(&m_lock);
    return true;
}

bool JudgeProject::save(QString* error)
{
    if (m_path.isEmpty()) {
        *error = tr("the judge probe has no file yet: use Save As");
        return false;
    }
    if (!JudgeProbeWriter::writeFile(m_document, m_path, error))
        return false;
    m_undo.setClean();
    return true;
}

bool JudgeProject::saveAs(const QString& path, QString* error)
{
    StoreLock lock;
    if (!holdStore(path, &lock, error) || !JudgeProbeWriter::writeFile(m_document, path, error))
        return false;
    lock.moveTo(&m_lock);
    m_path = QFileInfo(path).absoluteFilePath();
    m_undo.setClean();
    Q_EMIT fileChanged();
    return true;
}

bool JudgeProject::newFromDemo(QString* error, const QString& parentFolder)
{
    const QByteArray probe = embedded(kDemoProbe);
    const QByteArray rubric = embedded(kDemoRubric);
    if (probe.isEmpty() || rubric.isEmpty()) {
        *error = tr("the padding demo is missing from this build");
        return false;
    }
    const QDir parent(parentFolder.isEmpty()
                          ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                          : parentFolder);
    // Reuse the demo folder while it still holds the demo as shipped, so its results resume;
    // a folder whose files were changed is the user's work and is left alone.
    QString folder;
    for (int n = 1; n < 1000 && folder.isEmpty(); ++n) {
        const QString candidate = parent.filePath(n == 1 ? QStringLiteral("judge-demo")
                                                         : QStringLiteral("judge-demo-%1").arg(n));
        if (freeFor(QDir(candidate).filePath(kDemoProbe), probe) &&
            freeFor(QDir(candidate).filePath(kDemoRubric), rubric))
            folder = candidate;
    }
    if (folder.isEmpty() || !QDir().mkpath(folder)) {
        *error = tr("cannot make a folder for the demo in %1")
                     .arg(QDir::toNativeSeparators(parent.absolutePath()));
        return false;
    }
    const QString probePath = QDir(folder).filePath(kDemoProbe);
    if (!writeBytes(QDir(folder).filePath(kDemoRubric), rubric, error) ||
        !writeBytes(probePath, probe, error))
        return false;
    return open(probePath, error);
}

QString JudgeProject::defaultResultsFolder(const QString& probePath)
{
    if (probePath.isEmpty())
        return QString();
    const QFileInfo info(probePath);
    QString name = info.fileName();
    // As app/RunOptions::baseName with the judge probe's suffix.
    for (const QString& suffix : {QStringLiteral(".judge.json"), QStringLiteral(".json")}) {
        if (name.endsWith(suffix)) {
            name.chop(suffix.size());
            break;
        }
    }
    return info.absoluteDir().filePath(name + QStringLiteral("-results"));
}

QString JudgeProject::defaultStorePath(const QString& probePath)
{
    if (probePath.isEmpty())
        return QString();
    const QString folder = defaultResultsFolder(probePath);
    const QString base = QFileInfo(folder).fileName().chopped(QStringLiteral("-results").size());
    return QDir(folder).filePath(base + QStringLiteral(".pbrun"));
}

JudgeProbeLoadResult JudgeProject::check() const
{
    // Inline, so the rubric is checked as edited rather than read from its file.
    JudgeProbeDocument doc = m_document;
    doc.rubricSource = QStringLiteral("inline");
    const QString name = m_path.isEmpty() ? displayName() : QFileInfo(m_path).fileName();
    return JudgeProbeReader::parse(JudgeProbeWriter::toJson(doc), name,
                                   QFileInfo(m_path).absoluteDir());
}

void JudgeProject::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    if (!m_lock.isHeld() && !m_path.isEmpty()) {
        // A first run made the results folder (its worker holds the lock while it writes):
        // the project holds the store from now on.
        StoreLock lock;
        QString ignored; // a store another process holds now is refused at the next run
        if (holdStore(m_path, &lock, &ignored) && lock.isHeld())
            lock.moveTo(&m_lock);
    }
    Q_EMIT runningChanged(running);
}

} // namespace pb

#pragma once

#include <QMenu>

namespace pb {

// File > Open Recent: the projects opened or saved most recently, newest first, each with
// the probe's title, kept in QSettings. Files that no longer exist are dropped when the list
// is read.
class RecentFilesMenu : public QMenu
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFilesMenu(QWidget* parent = nullptr);

    QStringList files() const;
    // The probe's title and the file ("Style probe — style.pbrun"); for an untitled
    // project kept in the app's data folder "Style probe (untitled, 30 Nov 2026, 10:29)".
    // Without a known title, the file name or "Untitled project of 30 Nov 2026, 10:29".
    static QString displayName(const QString& path);
    // Puts path first; title is the probe's (empty: keep the one known).
    void add(const QString& path, const QString& title = QString());
    // The probe at path was renamed: its entry follows, if it has one.
    void setTitle(const QString& path, const QString& title);
    void clearFiles();

Q_SIGNALS:
    void fileChosen(const QString& path);
    void filesChanged(const QStringList& files);

private:
    void rebuild();
    void store(const QStringList& files);
};

} // namespace pb

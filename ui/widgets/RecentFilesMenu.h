#pragma once

#include <QMenu>

namespace pb {

// File > Open Recent: the projects opened or saved most recently, newest first, kept in
// QSettings. Files that no longer exist are dropped when the list is read.
class RecentFilesMenu : public QMenu
{
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFilesMenu(QWidget* parent = nullptr);

    QStringList files() const;
    // The file name, or for an untitled project kept in the app's data folder
    // "Untitled project of 30 Nov 2026, 10:29".
    static QString displayName(const QString& path);
    void add(const QString& path);
    void clearFiles();

Q_SIGNALS:
    void fileChosen(const QString& path);
    void filesChanged(const QStringList& files);

private:
    void rebuild();
    void store(const QStringList& files);
};

} // namespace pb

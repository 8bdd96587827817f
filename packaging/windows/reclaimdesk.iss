; Inno Setup 6 script: the ReclaimDesk installer for Windows (a recipe: built by CI
; on a Windows runner, not built or tested in this repository's own checks).
;
;   python -m PyInstaller --noconfirm --workpath build\pyinstaller-win --distpath dist\windows packaging\windows\reclaimdesk-win.spec
;   "C:\Program Files (x86)\Inno Setup 6\ISCC.exe" /DAppVersion=0.1.0 packaging\windows\reclaimdesk.iss
;
; gives dist\windows\ReclaimDesk-<version>-windows-x64-setup.exe: installs for the
; current user without administrator rights (or for everyone, if chosen), adds a
; Start-menu entry (and optionally a desktop one), offers ReclaimDesk in "Open with"
; for game records, and registers an uninstaller (Settings > Apps).
;
; Game records are .json files (reclaim-seed<N>.json). Windows associates by the last
; extension only, so the installer does not take over every .json file: it registers
; the "ReclaimDesk.Record" file type, lists it under .json's OpenWithProgids (the app
; shows in "Open with" and can be made the default there), and declares
; ReclaimDesk.exe as an application that opens .json.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "ReclaimDesk"
#define AppExe "ReclaimDesk.exe"
#define ProgId "ReclaimDesk.Record"
#define SourceDir "..\..\dist\windows\ReclaimDesk"

[Setup]
AppId={{6B0F4E52-8C57-4C1B-9C8E-5E2D7A1F3C40}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=ReclaimDesk contributors
AppPublisherURL=https://reclaimdesk.example.org
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\..\dist\windows
OutputBaseFilename={#AppName}-{#AppVersion}-windows-x64-setup
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Play and print five small games of reclaiming land"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; The record file type, opened by the app ("%1" is the double-clicked file).
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "ReclaimDesk game record"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; Offer it for .json files without replacing the user's default JSON program.
Root: HKA; Subkey: "Software\Classes\.json\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".json"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Only what the installer put in {app}; the player's records, scores and settings
; (in their own folders) are kept.
Type: filesandordirs; Name: "{app}\_internal"
Type: dirifempty; Name: "{app}"

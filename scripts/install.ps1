# Install the `pzl` command from a GitHub release on Windows (x86_64):
#
#   powershell -ExecutionPolicy Bypass -c "irm https://github.com/pzl-rs/pzl/releases/latest/download/install.ps1 | iex"
#
# It downloads pzl-x86_64-pc-windows-msvc.zip and its .sha256, checks the checksum and puts
# pzl.exe into $env:PZL_INSTALL_DIR (default %LOCALAPPDATA%\pzl\bin), which it adds to the user's
# PATH. $env:PZL_VERSION = "v0.1.0" picks a release (default: the latest).
$ErrorActionPreference = 'Stop'
$repo = 'https://github.com/pzl-rs/pzl'
$version = if ($env:PZL_VERSION) { $env:PZL_VERSION } else { 'latest' }
$dest = if ($env:PZL_INSTALL_DIR) { $env:PZL_INSTALL_DIR } else { Join-Path $env:LOCALAPPDATA 'pzl\bin' }
if ($env:PZL_DOWNLOAD_URL) { $base = $env:PZL_DOWNLOAD_URL }
elseif ($version -eq 'latest') { $base = "$repo/releases/latest/download" }
else { $base = "$repo/releases/download/$version" }
if (-not [Environment]::Is64BitOperatingSystem) { throw 'pzl installer: no prebuilt pzl for 32-bit Windows; build it with: cargo install pzl-cli' }

$archive = 'pzl-x86_64-pc-windows-msvc.zip'
$tmp = Join-Path ([IO.Path]::GetTempPath()) ([Guid]::NewGuid())
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
    Write-Host "pzl installer: downloading $base/$archive"
    Invoke-WebRequest -UseBasicParsing "$base/$archive" -OutFile (Join-Path $tmp $archive)
    Invoke-WebRequest -UseBasicParsing "$base/$archive.sha256" -OutFile (Join-Path $tmp "$archive.sha256")
    $expected = ((Get-Content (Join-Path $tmp "$archive.sha256") -Raw).Trim() -split '\s+')[0]
    $actual = (Get-FileHash -Algorithm SHA256 (Join-Path $tmp $archive)).Hash
    if ($expected -ne $actual) { throw "pzl installer: checksum mismatch for ${archive}: expected $expected, got $actual" }
    Expand-Archive -Path (Join-Path $tmp $archive) -DestinationPath $tmp -Force
    New-Item -ItemType Directory -Path $dest -Force | Out-Null
    Copy-Item (Join-Path $tmp 'pzl.exe') (Join-Path $dest 'pzl.exe') -Force
} finally {
    Remove-Item -Recurse -Force $tmp
}
$userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
if (-not ($userPath -split ';' | Where-Object { $_ -eq $dest })) {
    [Environment]::SetEnvironmentVariable('Path', "$userPath;$dest", 'User')
    Write-Host "pzl installer: added $dest to your PATH (open a new terminal)"
}
Write-Host "pzl installer: installed $(& (Join-Path $dest 'pzl.exe') --version) to $dest\pzl.exe"

"""Every real SHAB source format read into the one `Publication` model.

`read_paths` auto-detects the format of each file (amtsblattportal JSON and XML, synthetic
corpora, old Zefix daily files, Zefix REST company records) and yields publications or rejects;
UIDs are normalised and checked by `shabgraph.register.uid`; `harvest` fetches the live service
politely.
"""

from ingestion.sources.reader import PublicationReader, iter_files, read_paths
from ingestion.sources.rejects import Reject

__all__ = ["PublicationReader", "Reject", "iter_files", "read_paths"]

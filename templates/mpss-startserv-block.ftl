<#-- Shell lines of the pagetune MPSS block in bin/startserv (Bourne shell, as Solaris 10 /bin/sh
     needs). mpss.variable is LD_PRELOAD, LD_PRELOAD_32 or LD_PRELOAD_64; the library is appended
     to what the variable already holds, once. -->
case ":$${mpss.variable}:" in
*:${mpss.library}:*) ;;
*) ${mpss.variable}="$${r"{"}${mpss.variable}:+$${mpss.variable}:${r"}"}${mpss.library}" ;;
esac
export ${mpss.variable}
MPSSHEAP=${mpss.heap}
export MPSSHEAP
